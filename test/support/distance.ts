/**
 * The distance harness (issue 40, ADR 049): the Worker's bindings wrapped so that each call pays the
 * round trip to where that binding's data lives, and is written into a trace that counts the trips.
 * The bench Worker (test/bench/worker.ts) wraps its bindings per request with it; the workers tests
 * wrap theirs (test/workers/round-trips.test.ts, test/workers/far-side.test.ts). Production code is
 * never changed to inject a delay: it receives these bindings in place of the real ones.
 *
 * What is modelled, and what is not:
 * - D1 (`DB`): a call outside a session, a write, a batch holding a write, and the first query of a
 *   `first-primary` session go to the primary; every other read of a session goes to a replica
 *   (the nearest, assumed to have caught up with the session's bookmark within its round trip).
 * - The party's Durable Object (`PARTY_ROOM`): every RPC call and fetch pays the room's round trip;
 *   a socket the room accepts is relayed so each frame pays half of it in its direction.
 * - R2 (`MEDIA`): the bucket's top-level calls (get, put, head, delete, list, multipart begin).
 * Calls are counted on a logical clock (one tick at each begin and end): a trip that began after
 * another ended is sequential to it; overlapping trips are parallel. The count never depends on time.
 */

export type Place = 'primary' | 'replica' | 'room' | 'r2';
export const PLACES: readonly Place[] = ['primary', 'replica', 'room', 'r2'];

/** Round-trip times in milliseconds from the Worker to each place; a call pays half each way. */
export type Reach = Record<Place, number>;
export const NEAR: Reach = { primary: 0, replica: 0, room: 0, r2: 0 };

export interface Trip {
  place: Place;
  what: string;
  from: number;
  to: number | null;
}

export interface TripCount {
  /** The longest chain of these trips made one after another (the critical path through this place). */
  sequential: number;
  total: number;
}

export type TripCounts = Record<Place, TripCount> & {
  /** The longest chain of trips to any place, one after another: what the request's latency pays. */
  path: number;
  /** Trips that ended after the response was handed back (waitUntil's work, a stream's tail), not in the counts above. */
  after: number;
};

/** The longest chain of trips in which each began after the one before had ended (greedy by end: optimal). */
function chain(trips: Trip[]): number {
  const ended = trips.filter((trip) => trip.to !== null).sort((a, b) => a.to! - b.to!);
  let count = 0;
  let last = 0;
  for (const trip of ended) {
    if (trip.from > last) {
      count++;
      last = trip.to!;
    }
  }
  return count;
}

export class Trace {
  private clock = 0;
  readonly trips: Trip[] = [];
  private respondedAt: number | null = null;

  begin(place: Place, what: string): () => void {
    const trip: Trip = { place, what, from: ++this.clock, to: null };
    this.trips.push(trip);
    return () => {
      trip.to = ++this.clock;
    };
  }

  /** The response was handed back: later trips are the request's tail, not its latency. */
  responded(): void {
    this.respondedAt ??= ++this.clock;
  }

  /** A trip still under way when the response was handed back (`waitUntil`'s work) did not delay it: it is `after`. */
  counts(): TripCounts {
    const before = this.trips.filter((trip) => trip.to !== null && (this.respondedAt === null || trip.to < this.respondedAt));
    const counts = Object.fromEntries(
      PLACES.map((place) => {
        const here = before.filter((trip) => trip.place === place);
        return [place, { sequential: chain(here), total: here.length }];
      }),
    ) as Record<Place, TripCount>;
    return { ...counts, path: chain(before), after: this.trips.length - before.length };
  }
}

/**
 * D1 when the far side is slow or gone (issue 40, item 8): `slowMs` added to every call, or every
 * call held until `absentUntil` (a time on Date.now()'s clock) and only then answered.
 */
export interface Outage {
  slowMs: number;
  absentUntil: number;
}

export const NO_OUTAGE: Outage = { slowMs: 0, absentUntil: 0 };

export interface Distance {
  reach: Reach;
  /** Added to every socket frame each way (the client's link where the browser cannot slow frames). */
  frameMs?: number;
  trace?: Trace;
  /** Read at every call, so a test or the bench can change it while requests run. */
  outage?: () => Outage;
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** One call to `place`: half the round trip out, the call, half back; counted in the trace. */
async function trip<T>(distance: Distance, place: Place, what: string, call: () => Promise<T>): Promise<T> {
  const end = distance.trace?.begin(place, what);
  try {
    if (place === 'primary' || place === 'replica') {
      await sleep(distance.outage?.().slowMs ?? 0);
      // Held while D1 is gone; answered as soon as it is back (the outage may end early).
      for (let outage = distance.outage?.(); outage && outage.absentUntil > Date.now(); outage = distance.outage?.())
        await sleep(Math.min(100, outage.absentUntil - Date.now()));
    }
    await sleep(distance.reach[place] / 2);
    const result = await call();
    await sleep(distance.reach[place] / 2);
    return result;
  } finally {
    end?.();
  }
}

// ---- D1 -----------------------------------------------------------------------------------------

const WRITE = /^\s*(?:insert|update|delete|replace|create|drop|alter|pragma)\b/i;

/** Where a session's next query goes: see the header. `null`: no session, always the primary. */
class SessionRoute {
  private first = true;
  constructor(private readonly constraint: string) {}

  place(sqls: string[]): Place {
    const primary = sqls.some((sql) => WRITE.test(sql)) || (this.first && this.constraint === 'first-primary');
    this.first = false;
    return primary ? 'primary' : 'replica';
  }
}

const realStatements = new WeakMap<object, D1PreparedStatement>();

class DistantStatement {
  constructor(
    private readonly real: D1PreparedStatement,
    readonly sql: string,
    private readonly distance: Distance,
    private readonly route: SessionRoute | null,
  ) {
    realStatements.set(this, real);
  }

  private place(): Place {
    return this.route ? this.route.place([this.sql]) : 'primary';
  }

  bind(...values: unknown[]): D1PreparedStatement {
    return new DistantStatement(this.real.bind(...values), this.sql, this.distance, this.route) as unknown as D1PreparedStatement;
  }

  first(column?: string) {
    return trip(this.distance, this.place(), this.sql, () => (column === undefined ? this.real.first() : this.real.first(column)));
  }

  run() {
    return trip(this.distance, this.place(), this.sql, () => this.real.run());
  }

  all() {
    return trip(this.distance, this.place(), this.sql, () => this.real.all());
  }

  raw(options?: { columnNames?: boolean }) {
    return trip(this.distance, this.place(), this.sql, () => this.real.raw(options as { columnNames: true }));
  }
}

function realStatement(statement: D1PreparedStatement): D1PreparedStatement {
  return realStatements.get(statement) ?? statement;
}

function sqlOf(statement: D1PreparedStatement): string {
  return statement instanceof DistantStatement ? statement.sql : '';
}

function distantBatch(distance: Distance, route: SessionRoute | null, real: (statements: D1PreparedStatement[]) => Promise<D1Result[]>) {
  return <T>(statements: D1PreparedStatement[]) => {
    const sqls = statements.map(sqlOf);
    const place = route ? route.place(sqls) : 'primary';
    return trip(distance, place, `batch: ${sqls.join('; ')}`, () => real(statements.map(realStatement))) as Promise<D1Result<T>[]>;
  };
}

function distantSession(real: D1DatabaseSession, constraint: string, distance: Distance): D1DatabaseSession {
  const route = new SessionRoute(constraint);
  return {
    prepare: (sql: string) => new DistantStatement(real.prepare(sql), sql, distance, route) as unknown as D1PreparedStatement,
    batch: distantBatch(distance, route, (statements) => real.batch(statements)),
    getBookmark: () => real.getBookmark(),
  } as D1DatabaseSession;
}

export function distantD1(real: D1Database, distance: Distance): D1Database {
  return {
    prepare: (sql: string) => new DistantStatement(real.prepare(sql), sql, distance, null) as unknown as D1PreparedStatement,
    batch: distantBatch(distance, null, (statements) => real.batch(statements)),
    exec: (sql: string) => trip(distance, 'primary', sql, () => real.exec(sql)),
    dump: () => trip(distance, 'primary', 'dump', () => real.dump()),
    withSession: (constraintOrBookmark?: string) =>
      distantSession(real.withSession(constraintOrBookmark), constraintOrBookmark ?? 'first-unconstrained', distance),
  } as D1Database;
}

// ---- the party's Durable Object -----------------------------------------------------------------

/** Each frame of a socket pair sent on after `ms`, in order, both ways; a close is passed on after it. */
export function relaySocket(inner: WebSocket, ms: number): WebSocket {
  const { 0: client, 1: outer } = new WebSocketPair();
  inner.accept();
  outer.accept();
  const pass = (from: WebSocket, to: WebSocket) => {
    from.addEventListener('message', (event) => {
      setTimeout(() => {
        try {
          to.send(event.data);
        } catch {
          // Closed meanwhile.
        }
      }, ms);
    });
    from.addEventListener('close', (event) => {
      setTimeout(() => {
        try {
          to.close(event.code === 1005 || event.code === 1006 ? 1000 : event.code, event.reason);
        } catch {
          // Already closed.
        }
      }, ms);
    });
    from.addEventListener('error', () => {
      try {
        to.close(1011, 'relay');
      } catch {
        // Already closed.
      }
    });
  };
  pass(inner, outer);
  pass(outer, inner);
  return client;
}

/** A response whose socket (if any) is relayed with `ms` each way. */
export function delayedSocket(response: Response, ms: number): Response {
  if (!response.webSocket || ms <= 0) return response;
  return new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    webSocket: relaySocket(response.webSocket, ms),
  });
}

const STUB_OWN = new Set<PropertyKey>(['id', 'name']);

function distantStub<T extends DurableObjectStub>(real: T, distance: Distance): T {
  return new Proxy(real, {
    get(target, property) {
      if (typeof property === 'symbol' || STUB_OWN.has(property)) return Reflect.get(target, property);
      if (property === 'then') return undefined;
      if (property === 'fetch') {
        return async (input: RequestInfo | URL, init?: RequestInit) => {
          const response = await trip(distance, 'room', 'fetch', () => target.fetch(input, init));
          return delayedSocket(response, distance.reach.room / 2);
        };
      }
      // Called on the stub itself, as `stub.method(...)` would be (an RPC method taken off its stub fails).
      return (...args: unknown[]) =>
        trip(distance, 'room', property, () => (target as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[property]!(...args));
    },
  });
}

export function distantNamespace<T extends DurableObjectNamespace>(real: T, distance: Distance): T {
  return new Proxy(real, {
    get(target, property) {
      if (property === 'get' || property === 'getByName' || property === 'getExisting') {
        return (...args: unknown[]) => distantStub((Reflect.get(target, property) as (...a: unknown[]) => DurableObjectStub).apply(target, args), distance);
      }
      if (property === 'jurisdiction') {
        return (jurisdiction: DurableObjectJurisdiction) => distantNamespace(target.jurisdiction(jurisdiction), distance);
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

// ---- R2 -----------------------------------------------------------------------------------------

const R2_CALLS = new Set<PropertyKey>(['get', 'put', 'head', 'delete', 'list', 'createMultipartUpload']);

export function distantBucket(real: R2Bucket, distance: Distance): R2Bucket {
  return new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (!R2_CALLS.has(property)) return value.bind(target);
      return (...args: unknown[]) => trip(distance, 'r2', String(property), () => value.apply(target, args));
    },
  });
}

// ---- the whole environment ----------------------------------------------------------------------

/** The bindings every distance reaches: the database, the parties' objects and the media bucket. */
export interface DistantBindings {
  DB: D1Database;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any room class
  PARTY_ROOM: DurableObjectNamespace<any>;
  MEDIA: R2Bucket;
}

/** `env` with its database, rooms and bucket at `distance`; every other binding as it is. */
export function distantEnv<E extends DistantBindings>(env: E, distance: Distance): E {
  return {
    ...env,
    DB: distantD1(env.DB, distance),
    PARTY_ROOM: distantNamespace(env.PARTY_ROOM, distance),
    MEDIA: distantBucket(env.MEDIA, distance),
  };
}

/**
 * The reach and link a request asks the bench Worker for, from its `salon-distance` header or
 * cookie: `primary=100,replica=5,room=100,r2=100,link=20,frames=0` (milliseconds of round trip;
 * missing fields are 0). `link` slows the request and its socket's frames as the client's own link
 * would (Node clients); `frames` slows only socket frames (Chromium, whose network emulation slows
 * HTTP and a socket's handshake but not its frames).
 */
export interface DistanceAsked {
  reach: Reach;
  link: number;
  frames: number;
}

export function parseDistance(value: string | null | undefined): DistanceAsked | null {
  if (!value) return null;
  const fields = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, number] = part.split('=');
    const ms = Number(number);
    if (!name || !Number.isFinite(ms) || ms < 0 || ms > 60_000) return null;
    fields.set(name.trim(), ms);
  }
  const at = (name: string) => fields.get(name) ?? 0;
  return { reach: { primary: at('primary'), replica: at('replica'), room: at('room'), r2: at('r2') }, link: at('link'), frames: at('frames') };
}
