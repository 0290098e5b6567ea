/** A 4 × 2 PNG: enough for the upload's checks (a picture is read by its content). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4EGAARwzIHACGmgoBJ1tGkgAAAABJRU5ErkJggg==',
  'base64',
);
