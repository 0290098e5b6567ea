// @vitest-environment jsdom
import type { ListingItem } from '@shop/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Price } from './price';
import { ProductCard } from './product-card';

const item: ListingItem = {
  products: { id: 7, name: 'Rose Smocked Frock', slug: 'rose-smocked-frock' },
  product_variants: {
    id: 70,
    slug: 'rose-smocked-frock-rose-pink-2-3y',
    image1: '/images/640/p/rose-1.webp',
    image2: null,
    selling_price: 1499,
    mrp: 1999,
    size: '2-3Y',
    color: 'Rose Pink',
  },
  is_available_in_stock: true,
};

function renderCard(touch: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: touch && query === '(hover: none)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  const router = createMemoryRouter(
    [
      { path: '/', element: <ProductCard item={item} /> },
      { path: '/product/:slug', element: <p>Product page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProductCard', () => {
  it('on touch, the first tap expands and the second opens the product', () => {
    const router = renderCard(true);
    const link = screen.getByTestId('product-card-link');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Tap again to open')).toBeTruthy();
    fireEvent.click(screen.getByTestId('product-card-link'));
    expect(router.state.location.pathname).toBe('/product/rose-smocked-frock-rose-pink-2-3y');
  });

  it('with a mouse, one click opens the product', () => {
    const router = renderCard(false);
    fireEvent.click(screen.getByTestId('product-card-link'));
    expect(router.state.location.pathname).toBe('/product/rose-smocked-frock-rose-pink-2-3y');
  });

  it('shows name, selling price and Select Options', () => {
    renderCard(false);
    expect(screen.getAllByText('Rose Smocked Frock').length).toBeGreaterThan(0);
    expect(screen.getByText('₹1,499')).toBeTruthy();
    expect(screen.getAllByText(/Select Options/).length).toBeGreaterThan(0);
  });
});

describe('Price', () => {
  it('shows the struck mrp and the percent off of docs/product.md#catalogue', () => {
    render(<Price mrp={1999} price={1499} />);
    expect(screen.getByText('25% off')).toBeTruthy();
    expect(screen.getByText('₹1,999').closest('s')).toBeTruthy();
  });

  it('shows only the price when there is no discount', () => {
    render(<Price mrp={999} price={999} />);
    expect(screen.getByText('₹999')).toBeTruthy();
    expect(screen.queryByText(/% off/)).toBeNull();
  });
});
