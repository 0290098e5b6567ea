import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first picture it handles rather than at the start:
 * it brings libvips (about 30 MB resident) that a shop serving pictures it
 * has already sized never needs (docs/benchmarks.md 'Memory on the embedded database').
 */
export const loadSharp = (): Promise<typeof Sharp> => (loading ??= import('sharp').then((m) => m.default));
