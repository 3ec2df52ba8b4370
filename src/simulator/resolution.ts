// The drawing resolution follows the machine: without a GPU (WebGL drawn on the CPU) a full-size frame can take
// a tenth of a second or more, and the view then lags behind the keys; fewer pixels keep it responsive.

/** Frame times (ms) above which the view draws fewer pixels, and below which it draws more again. */
const SLOW_MS = 40;
const FAST_MS = 22;
/** Never below half the resolution; and at least this many drawn frames between two changes. */
const MIN_SCALE = 0.5;
const SETTLE_FRAMES = 20;

export interface Resolution {
  /** The share of the full resolution drawn now. */
  readonly scale: number;
  /** Takes the interval between two consecutive drawn frames; answers true when the scale changed. */
  sample(intervalMs: number): boolean;
}

function createResolution(): Resolution {
  let scale = 1;
  let average = 16;
  let since = 0;
  return {
    get scale() {
      return scale;
    },
    sample(intervalMs) {
      average += (intervalMs - average) * 0.1;
      since += 1;
      if (since < SETTLE_FRAMES) return false;
      const next = average > SLOW_MS ? Math.max(MIN_SCALE, scale * 0.8) : average < FAST_MS ? Math.min(1, scale * 1.25) : scale;
      if (next === scale) return false;
      scale = next;
      since = 0;
      return true;
    },
  };
}

/**
 * A view that fills `box`: `resize` gets the box's width and the pixels to draw per CSS pixel (the screen's, at most
 * 1.5, times the resolution's share) whenever either changes; `sample` takes the interval between two drawn frames.
 */
export function fitToBox(box: HTMLElement, resize: (size: number, pixelRatio: number) => void): { sample(intervalMs: number): void } {
  const resolution = createResolution();
  let size = 1;
  const fit = () => resize(size, Math.min(window.devicePixelRatio || 1, 1.5) * resolution.scale);
  new ResizeObserver(() => {
    size = Math.max(1, Math.floor(box.clientWidth));
    fit();
  }).observe(box);
  return {
    sample(intervalMs) {
      if (resolution.sample(intervalMs)) fit();
    },
  };
}
