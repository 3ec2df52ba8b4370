// Measurements bench:simulator makes inside the page from outside its code: both functions run in the browser
// (Playwright sends their source), so they use nothing from this module's scope.

/** What the meter saw while on: per animation frame that drew, its time and the interval since the previous one that drew. */
export interface DrawnFrames {
  on: boolean;
  intervals: number[];
  work: number[];
  /** Animation-frame callbacks that made no draw call, left out of the figures. */
  idle: number;
}

/** What the learner's instruments showed while watched. */
export interface Instruments {
  /** Distinct distance-and-angle readings, the first being the one shown when watching began. */
  readings: string[];
  /** Every state the laser badge was in (off, on, firing). */
  laser: string[];
}

/**
 * An init script for a browser context, run before the page's own: wraps requestAnimationFrame to time each
 * callback and the WebGL draw calls to count those made in it, so a frame counts only when it drew. Exposed as
 * `window.drawnFrames`, off until the benchmark turns it on.
 */
export function frameMeter(): void {
  const meter: DrawnFrames = { on: false, intervals: [], work: [], idle: 0 };
  let draws = 0;
  let last = -1;
  const names = ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced', 'drawRangeElements'];
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype] as unknown as Record<string, unknown>[]) {
    for (const name of names) {
      const original = proto[name];
      if (typeof original !== 'function') continue;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        draws += 1;
        return original.apply(this, args);
      };
    }
  }
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    request((now) => {
      const before = draws;
      const begin = performance.now();
      callback(now);
      if (!meter.on) return;
      if (draws === before) {
        meter.idle += 1;
        return;
      }
      meter.work.push(performance.now() - begin);
      if (last >= 0) meter.intervals.push(now - last);
      last = now;
    });
  Object.assign(window, { drawnFrames: meter });
}

/**
 * Watches the instruments beside the view (distance, angle, the laser badge) from now on, as `window.instruments`:
 * what a learner sees change when the scope moves and the laser fires. Reads the page's text, nothing hidden.
 */
export function watchInstruments(): void {
  const byId = (id: string) => document.getElementById(id)!;
  const seen: Instruments = { readings: [], laser: [] };
  const note = () => {
    const reading = `${byId('sim-h-distance').textContent} ${byId('sim-h-angle').textContent}`;
    if (!seen.readings.includes(reading)) seen.readings.push(reading);
    const laser = byId('sim-laser').dataset.state ?? '';
    if (!seen.laser.includes(laser)) seen.laser.push(laser);
  };
  note();
  const observer = new MutationObserver(note);
  for (const id of ['sim-h-distance', 'sim-h-angle']) observer.observe(byId(id), { childList: true, characterData: true, subtree: true });
  observer.observe(byId('sim-laser'), { attributes: true, attributeFilter: ['data-state'] });
  Object.assign(window, { instruments: seen });
}
