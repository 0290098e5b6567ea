import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { absoluteUrl, preheaderOf, type MailBlock, type MailMessage, type MailShop } from './blocks';

/**
 * The shop's mails as React components (docs/product.md 'Mail'): the
 * storefront's colours (app.css), inline styles and nested tables only, which
 * Gmail and Outlook keep; no image, no script, no web font. React escapes
 * every text, so nothing a shopper typed becomes markup.
 */
const C = {
  cream: '#fbf6ee',
  linen: '#ebdfcf',
  ink: '#3b2f2a',
  muted: '#6b5e57',
  brand: '#b4546a',
  brandDark: '#8f3b50',
  sand: '#f3e8da',
};
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "'Segoe UI', Helvetica, Arial, sans-serif";

const cellText: CSSProperties = { fontFamily: SANS, fontSize: 16, lineHeight: '24px', color: C.ink };

function Row({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <tr>
      <td style={{ ...cellText, padding: '0 0 16px', ...style }}>{children}</td>
    </tr>
  );
}

/** A button as a table cell: the one kind of button Outlook draws with its colour. */
function Action({ label, href }: { label: string; href: string }) {
  return (
    <Row style={{ padding: '8px 0 24px' }}>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'separate' }}>
        <tbody>
          <tr>
            <td style={{ backgroundColor: C.brandDark, borderRadius: 24 }}>
              <a
                href={href}
                style={{
                  display: 'inline-block',
                  padding: '12px 28px',
                  fontFamily: SANS,
                  fontSize: 16,
                  fontWeight: 'bold',
                  color: '#ffffff',
                  textDecoration: 'none',
                  borderRadius: 24,
                }}
              >
                {label}
              </a>
            </td>
          </tr>
        </tbody>
      </table>
    </Row>
  );
}

function Block({ block, shop }: { block: MailBlock; shop: MailShop }) {
  switch (block.kind) {
    case 'paragraph':
      return <Row>{block.text}</Row>;
    case 'items':
      return (
        <Row>
          <table
            role="presentation"
            width="100%"
            cellPadding={0}
            cellSpacing={0}
            style={{ backgroundColor: C.cream, borderRadius: 8 }}
          >
            <tbody>
              {block.items.map((item, i) => (
                <tr key={i}>
                  <td
                    style={{
                      ...cellText,
                      fontSize: 15,
                      padding: '10px 16px',
                      borderTop: i === 0 ? 'none' : `1px solid ${C.linen}`,
                    }}
                  >
                    {item}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Row>
      );
    case 'action':
      return <Action label={block.label} href={absoluteUrl(block.url, shop)} />;
    case 'note':
      return <Row style={{ fontSize: 14, lineHeight: '20px', color: C.muted }}>{block.text}</Row>;
    case 'note_link':
      return (
        <Row style={{ fontSize: 14, lineHeight: '20px', color: C.muted }}>
          {block.text}{' '}
          <a href={absoluteUrl(block.url, shop)} style={{ color: C.muted }}>
            {block.label}
          </a>
        </Row>
      );
    case 'code':
      return (
        <Row style={{ padding: '4px 0 24px' }}>
          <span
            style={{
              display: 'inline-block',
              padding: '12px 20px',
              backgroundColor: C.sand,
              borderRadius: 8,
              fontFamily: "'Courier New', monospace",
              fontSize: 32,
              letterSpacing: 8,
              fontWeight: 'bold',
              color: C.ink,
            }}
          >
            {block.text}
          </span>
        </Row>
      );
  }
}

export function MailLayout({ shop, message }: { shop: MailShop; message: MailMessage }) {
  const home = shop.publicUrl ? absoluteUrl('/', shop) : null;
  const name = <span style={{ fontFamily: SERIF, fontSize: 24, color: C.brandDark }}>{shop.name}</span>;
  return (
    <html lang="en">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{message.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: C.cream }}>
        {/* The preview line mail apps show beside the subject, hidden in the mail itself. */}
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden', opacity: 0 }}>{preheaderOf(message)}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: C.cream }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '32px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{
                    maxWidth: 560,
                    backgroundColor: '#ffffff',
                    borderRadius: 16,
                    border: `1px solid ${C.linen}`,
                  }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: '28px 28px 8px' }}>
                        {home ? (
                          <a href={home} style={{ textDecoration: 'none' }}>
                            {name}
                          </a>
                        ) : (
                          name
                        )}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '16px 28px 8px' }}>
                        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
                          <tbody>
                            {message.blocks.map((block, i) => (
                              <Block key={i} block={block} shop={shop} />
                            ))}
                            <Row style={{ fontFamily: SERIF, color: C.muted, padding: '8px 0 24px' }}>
                              With love,
                              <br />
                              The {shop.name} team
                            </Row>
                          </tbody>
                        </table>
                      </td>
                    </tr>
                  </tbody>
                </table>
                {home && (
                  <p style={{ fontFamily: SANS, fontSize: 12, color: C.muted, margin: '16px 0 0' }}>
                    <a href={home} style={{ color: C.muted }}>
                      {new URL(home).host}
                    </a>
                  </p>
                )}
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The HTML part. */
export const renderHtml = (shop: MailShop, message: MailMessage): string =>
  `<!doctype html>${renderToStaticMarkup(<MailLayout shop={shop} message={message} />)}`;
