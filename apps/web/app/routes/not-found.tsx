import { data } from 'react-router';

/** Every address the shop does not know: a real 404 status, the not-found page from the root boundary. */
export function loader() {
  throw data('Not found', { status: 404 });
}

export default function NotFound() {
  return null;
}
