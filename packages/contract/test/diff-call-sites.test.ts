// Which portal screens call an operation, read from a small portal written here: the rules of
// what counts as a call (a literal path in the syntax tree, a client helper that carries one) and
// of which sections reach a file (imports from the section's lazy route, type-only ones left
// out). A missed call site would leave a breaking change of the contract without its screens.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanPortal, type CallSite } from '../src/diff/call-sites.js';

const NEWS = { key: 'news', route: '/lms/news' };
const ORDERS = { key: 'orders', route: '/lms/orders' };

const PATHS = [
  '/api/news/data.json',
  '/api/news/keyed',
  '/api/singlewindow/order/save',
  '/api/misc/getgroups',
  '/api/misc/uslugi',
  '/api/heavy',
  '/api/side-effect',
  '/api/everything',
  '/api/default',
  '/api/only-types',
  '/api/re-exported-type',
  '/api/download',
  '/api/internal',
  '/api/deep',
  '/api/typed-param',
  '/api/generated',
  '/api/in-a-package',
];

const PORTAL: Record<string, string> = {
  'web/src/app/lazy-route.ts': `export const lazyRoute = (load: () => unknown) => load;\n`,
  'web/src/app/sections.ts': `import { lazyRoute } from './lazy-route';
export const SECTIONS = ([
  { key: 'orders', path: '/lms/orders', Component: lazyRoute(() => import('../features/orders/components/orders-route.js')) },
  { key: 'news', path: '/lms/news', Component: lazyRoute(() => import('../features/news/components/news-route')) },
  { key: 'nameless', Component: lazyRoute(() => import('../features/news/api/heavy')) },
  { key: 'still', path: '/lms/still' },
  { key: 'computed', path: ROUTE },
  'not an entry',
] as const) satisfies readonly unknown[];
const ROUTE = '/lms/computed';
`,
  'web/src/features/news/components/news-route.tsx': `import { getNews } from '../api/get-news';
import type { Order } from '../../orders/api/save-order';
import { type OnlyTypes } from '../api/only-types';
import Default, { type Unused } from '../api/default';
import '../api/side-effect';
import { groups } from '../../../lib/groups';
export type { Again } from '../api/re-exported-type';
export * from '../api/everything';
export const NewsRoute = (order: Order, unused: Unused, only: OnlyTypes) => [getNews, groups, Default, order, unused, only];
const later = () => import('../api/heavy');
export const load = later;
`,
  'web/src/features/news/api/get-news.ts': `// Not a call: '/api/misc/uslugi' in a comment.
/* Nor '/api/misc/uslugi' here. */
export const getNews = (client: { post(path: string): unknown }) => client.post('/api/news/data.json');
`,
  'web/src/features/news/api/news-keys.ts':
    'export const newsKeys = [`/api/news/keyed`] as const;\n',
  'web/src/features/news/api/heavy.ts': `export const heavy = '/api/heavy';\n`,
  'web/src/features/news/api/side-effect.ts': `export const side = '/api/side-effect';\n`,
  'web/src/features/news/api/everything.ts': `export const everything = '/api/everything';\n`,
  'web/src/features/news/api/default.ts': `export type Unused = 1;\nexport default '/api/default';\n`,
  'web/src/features/news/api/only-types.ts': `export type OnlyTypes = 1;\nexport const value = '/api/only-types';\n`,
  'web/src/features/news/api/re-exported-type.ts': `export type Again = 1;\nexport const value = '/api/re-exported-type';\n`,
  'web/src/features/news/api/news.test.ts': `export const inTest = '/api/misc/uslugi';\n`,
  'web/src/features/news/api/news.spec.tsx': `export const inSpec = '/api/misc/uslugi';\n`,
  'web/src/features/news/api/global.d.ts': `declare const inTypes: '/api/misc/uslugi';\n`,
  'web/src/features/news/api/notes.md': `'/api/misc/uslugi'\n`,
  'web/src/features/orders/components/orders-route.tsx': `export { saveOrder } from '../api/save-order';
import { DOWNLOAD, renamed, typed } from '../api';
import { groups } from '../../../lib/groups';
export const OrdersRoute = () => [DOWNLOAD, renamed, typed, groups];
`,
  'web/src/features/orders/api/save-order.ts': `export interface Order { id: number }
export const saveOrder = (client: { post(path: string): unknown }) =>
  client.post('/api/singlewindow/order/save?draft=1');
export const notAPath = '/api/singlewindow/order/save/more';
export const queryFirst = '?/api/misc/uslugi';
`,
  'web/src/features/orders/api/index.ts': `import { buildDownloadUrl, viaInternal as renamed, typed, generated, first } from '@lms/client';
import type { DOWNLOAD_PATH } from '@lms/client';
import { type deep } from '@lms/client';
export const DOWNLOAD = buildDownloadUrl;
export { renamed, typed, generated, first };
export type Kept = typeof DOWNLOAD_PATH | typeof deep;
`,
  'web/src/lib/groups.ts': `export const groups = (client: { post(path: string): unknown }) => client.post('/api/misc/getgroups');\n`,
  'web/src/lib/unreached.ts': `export const unreached = '/api/misc/uslugi';\n`,
  'web/src/testing/fake.ts': `export const fake = '/api/misc/uslugi';\n`,
  'web/src/node_modules/some-package/index.ts': `export const inPackage = '/api/in-a-package';\n`,
  'client/src/attachments.ts': `export const DOWNLOAD_PATH = '/api/download';
export function buildDownloadUrl(id: number) {
  return \`\${DOWNLOAD_PATH}?id=\${id}\`;
}
const internal = '/api/internal';
export const viaInternal = () => internal;
export const typed = (path: '/api/typed-param') => path;
export const first = () => second();
function second() {
  return third();
}
const third = () => '/api/deep';
export const deep = third;
export const unrelated = 1;
`,
  'client/src/generated/schema.ts': `export const generated = '/api/generated';\n`,
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lms-call-sites-test-'));
  for (const [file, text] of Object.entries(PORTAL)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const scan = () =>
  scanPortal({ webSrc: join(root, 'web/src'), clientSrc: join(root, 'client/src'), paths: PATHS });
const filesOf = (sites: CallSite[]) => sites.map((site) => site.file);

describe('the portal’s call sites', () => {
  it('reads the sections table: key and route of each entry that has both, in its order', () => {
    expect(scan().sections).toEqual([ORDERS, NEWS, { key: 'still', route: '/lms/still' }]);
  });

  it('finds a literal path in a feature, served by the section whose route imports it', () => {
    expect(scan().callSites('/api/news/data.json')).toEqual([
      { file: 'features/news/api/get-news.ts', feature: 'news', sections: [NEWS] },
    ]);
    // a template literal without substitutions is a literal too
    expect(scan().callSites('/api/news/keyed')).toEqual([
      { file: 'features/news/api/news-keys.ts', feature: 'news', sections: [] },
    ]);
  });

  it('takes a path followed by a query string, and nothing that only starts like a path', () => {
    expect(scan().callSites('/api/singlewindow/order/save')).toEqual([
      { file: 'features/orders/api/save-order.ts', feature: 'orders', sections: [ORDERS] },
    ]);
  });

  it('names a shared file by itself, with every section that reaches it', () => {
    const [groups] = scan().callSites('/api/misc/getgroups');
    expect(groups).toEqual({ file: 'lib/groups.ts', sections: expect.any(Array) });
    expect(groups?.sections).toHaveLength(2);
    expect(groups?.sections).toEqual(expect.arrayContaining([NEWS, ORDERS]));
  });

  it('counts no comment, test, spec, declaration, testing or non-source file; a file no section reaches is still a call site', () => {
    expect(scan().callSites('/api/misc/uslugi')).toEqual([
      { file: 'lib/unreached.ts', sections: [] },
    ]);
    expect(scan().callSites('/api/in-a-package')).toEqual([]);
  });

  it('follows lazy and side-effect imports, re-exports and default imports, not type-only ones', () => {
    const reached = (path: string) => scan().callSites(path)[0]?.sections;
    expect(reached('/api/heavy')).toEqual([NEWS]);
    expect(reached('/api/side-effect')).toEqual([NEWS]);
    expect(reached('/api/everything')).toEqual([NEWS]);
    expect(reached('/api/default')).toEqual([NEWS]);
    expect(reached('/api/only-types')).toEqual([]);
    expect(reached('/api/re-exported-type')).toEqual([]);
  });

  it('finds the paths a client helper carries, through the names it uses, types left out', () => {
    const orders = [
      { file: 'features/orders/api/index.ts', feature: 'orders', sections: [ORDERS] },
    ];
    expect(scan().callSites('/api/download')).toEqual(orders);
    expect(scan().callSites('/api/internal')).toEqual(orders);
    // a helper carries what the helpers it calls carry, however deep
    expect(scan().callSites('/api/deep')).toEqual(orders);
    expect(scan().callSites('/api/typed-param')).toEqual([]);
    expect(scan().callSites('/api/generated')).toEqual([]);
  });

  it('answers nothing for a path nobody calls, and without the client or the portal', () => {
    expect(scan().callSites('/api/nobody')).toEqual([]);
    const withoutClient = scanPortal({ webSrc: join(root, 'web/src'), paths: PATHS });
    expect(filesOf(withoutClient.callSites('/api/download'))).toEqual([]);
    expect(filesOf(withoutClient.callSites('/api/news/data.json'))).toEqual([
      'features/news/api/get-news.ts',
    ]);
    const missingClient = scanPortal({
      webSrc: join(root, 'web/src'),
      clientSrc: join(root, 'no-client'),
      paths: PATHS,
    });
    expect(missingClient.callSites('/api/download')).toEqual([]);
    const nothing = scanPortal({ webSrc: join(root, 'no-portal'), paths: PATHS });
    expect(nothing.sections).toEqual([]);
    expect(nothing.callSites('/api/news/data.json')).toEqual([]);
  });
});
