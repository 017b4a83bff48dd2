/**
 * At most `running` pieces of work at once per client address, and at most `waiting` more in line
 * behind them (in arrival order); past that, `run` throws what `refuse` makes. For work anyone can
 * ask for and make expensive (a search of the public lists): one address cannot take more than
 * its share of the database, whatever it sends, while a gate office or a factory behind one
 * address still gets its searches answered, a moment later. Per instance.
 */
export interface AddressGate {
  run<T>(address: string, work: () => Promise<T>): Promise<T>;
  /** Addresses with work running or waiting (for tests and metrics). */
  readonly size: number;
}

interface Lane {
  running: number;
  queue: Array<() => void>;
}

export function addressGate(opts: { running: number; waiting: number; refuse: () => Error }): AddressGate {
  const lanes = new Map<string, Lane>();

  const release = (address: string, lane: Lane) => {
    const next = lane.queue.shift();
    if (next) return next();
    lane.running--;
    if (lane.running === 0) lanes.delete(address);
  };

  return {
    async run(address, work) {
      let lane = lanes.get(address);
      if (!lane) lanes.set(address, (lane = { running: 0, queue: [] }));
      if (lane.running >= opts.running) {
        if (lane.queue.length >= opts.waiting) throw opts.refuse();
        // The slot passes from the work that ends to the first in line: `running` stays.
        await new Promise<void>((go) => lane.queue.push(go));
      } else {
        lane.running++;
      }
      try {
        return await work();
      } finally {
        release(address, lane);
      }
    },
    get size() {
      return lanes.size;
    },
  };
}
