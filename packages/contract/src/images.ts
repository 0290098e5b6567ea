/**
 * Images are served at /images/{width}/{key}.webp in a fixed set of widths, so
 * pages can build a srcset from any image URL the API returns.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 640;

export const imageUrl = (key: string, width: ImageWidth = DEFAULT_IMAGE_WIDTH): string =>
  `/images/${width}/${key}.webp`;

const IMAGE_URL = /^(.*\/images\/)(\d+)(\/.+\.webp)$/;

/** The same image at another width (URLs that are not shop images come back unchanged). */
export function resizeImageUrl(url: string, width: ImageWidth): string {
  const m = IMAGE_URL.exec(url);
  return m ? `${m[1]}${width}${m[3]}` : url;
}

/** A srcset attribute for a shop image URL, e.g. for widths [320, 640, 960]. */
export const imageSrcSet = (url: string, widths: readonly ImageWidth[] = [320, 480, 640, 960]): string =>
  widths.map((w) => `${resizeImageUrl(url, w)} ${w}w`).join(', ');
