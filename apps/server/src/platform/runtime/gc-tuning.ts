import v8 from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring for the server process (decision 0015).
 *
 * V8 watches how often the objects of each allocation site outlive a young collection and, past a threshold,
 * allocates that site's objects in the old generation from then on. Under concurrent load the sites that parse
 * PostgreSQL rows (pg's row arrays, our timestamps) crossed it during warm-up and stayed there: each request's
 * rows went to the old generation and held the young strings and dates they point to, so every young collection
 * copied about 2 MB (4–6 ms) instead of 0.1 MB (2 ms), and the old generation filled with dead rows. Nothing this
 * server allocates lives long enough to gain from pretenuring. The flag is read at each collection, so setting it
 * at startup is enough.
 */
export function tuneGarbageCollector(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
