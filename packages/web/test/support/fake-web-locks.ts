/** The part of the Web Locks API an outbox uses. */
export type TabLocks = Pick<LockManager, 'request'>;

/** One tab's Web Locks, and its closing. */
export interface FakeTab {
  locks: TabLocks;
  /**
   * The tab closes: the browser releases the locks it holds and drops the ones it asked for,
   * whatever its code was doing (a send in flight never finishes there).
   */
  close(): void;
}

interface Grant {
  tab: number;
}

interface Ask {
  tab: number;
  grant: () => void;
}

/**
 * Web Locks for several tabs of one test page (jsdom has none), as the specification has them
 * for exclusive locks: a lock is held by one tab at a time, from its grant until the promise its
 * callback returned settles; asks wait in the order they came; `ifAvailable` gets `null` at once
 * when the name is held or asked for. Each `tab()` is one tab's `navigator.locks`.
 */
export function fakeWebLocks(): { tab(): FakeTab } {
  const holders = new Map<string, Grant>();
  const queues = new Map<string, Ask[]>();
  const closed = new Set<number>();
  let tabs = 0;

  const grantNext = (name: string) => {
    if (holders.has(name)) return;
    queues.get(name)?.shift()?.grant();
  };

  const requestIn = (tab: number) =>
    ((name: string, ...rest: unknown[]): Promise<unknown> => {
      const callback = rest.at(-1) as (lock: Lock | null) => unknown;
      const options = (rest.length > 1 ? rest[0] : {}) as LockOptions;
      // A closed tab runs nothing more.
      if (closed.has(tab)) return new Promise(() => undefined);
      const lock = { name, mode: 'exclusive' } as Lock;
      const queue = queues.get(name) ?? [];
      queues.set(name, queue);
      if (options.ifAvailable && (holders.has(name) || queue.length > 0)) {
        return Promise.resolve().then(() => callback(null));
      }
      return new Promise((resolve, reject) => {
        queue.push({
          tab,
          grant: () => {
            const grant: Grant = { tab };
            holders.set(name, grant);
            Promise.resolve()
              .then(() => callback(lock))
              .then(resolve, reject)
              .finally(() => {
                // Released when the callback's promise settles, unless the tab's close did it.
                if (holders.get(name) !== grant) return;
                holders.delete(name);
                grantNext(name);
              });
          },
        });
        grantNext(name);
      });
    }) as TabLocks['request'];

  return {
    tab() {
      tabs += 1;
      const tab = tabs;
      return {
        locks: { request: requestIn(tab) },
        close() {
          closed.add(tab);
          for (const [name, queue] of queues) {
            queues.set(
              name,
              queue.filter((ask) => ask.tab !== tab),
            );
          }
          for (const [name, grant] of [...holders]) {
            if (grant.tab !== tab) continue;
            holders.delete(name);
            grantNext(name);
          }
        },
      };
    },
  };
}
