/** Every back-office page's meta: its title, and never indexed (a route's meta replaces its layout's). */
export const adminMeta = (title: string) => [
  { title: `${title} | Back office` },
  { name: 'robots', content: 'noindex, nofollow' },
];
