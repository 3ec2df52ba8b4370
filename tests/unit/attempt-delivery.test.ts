import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  dueForSending,
  isTransient,
  LATE_SEND_MS,
  RETRY_FIRST_MS,
  RETRY_MAX_MS,
  retryDelayMs,
  SEND_GRACE_MS,
  sendTimingVerdict,
} from '../../src/domain/attempt-delivery.ts';
import { LAUNCH_LIFE_MS } from '../../src/domain/launch.ts';

const MIN = 60_000;
const issuedAt = Date.parse('2026-03-01T10:00:00Z');
const expiresAt = issuedAt + LAUNCH_LIFE_MS;

describe('the launch life', () => {
  it('covers a real procedure and a whole 60-minute log with as long again for the intro and pauses', () => {
    expect(LAUNCH_LIFE_MS).toBeGreaterThanOrEqual(90 * MIN);
    expect(LAUNCH_LIFE_MS).toBe(120 * MIN);
  });
});

describe('when the server takes an attempt, by its times', () => {
  it('takes a 30-minute attempt sent as it finishes, 31 minutes after its launch, with or without its start', () => {
    const now = issuedAt + 31 * MIN;
    expect(sendTimingVerdict({ issuedAt, expiresAt, now, lastT: 30 * MIN })).toBe('ok');
    expect(sendTimingVerdict({ issuedAt, expiresAt, now, lastT: 30 * MIN, startedAgoMs: 30 * MIN })).toBe('ok');
  });

  it('never takes a log longer than the time since its launch (5 s of grace)', () => {
    expect(sendTimingVerdict({ issuedAt, expiresAt, now: issuedAt + 10 * MIN, lastT: 10 * MIN + SEND_GRACE_MS + 1 })).toBe('longerThanLaunch');
    expect(sendTimingVerdict({ issuedAt, expiresAt, now: issuedAt + 10 * MIN, lastT: 10 * MIN + SEND_GRACE_MS })).toBe('ok');
  });

  it('takes one sent after the life when the page started it within the life, and its log fits between that start and now', () => {
    // Started 100 minutes after the launch, played 30, kept offline for two days.
    const now = issuedAt + 2 * 86_400_000;
    const startedAt = issuedAt + 100 * MIN;
    expect(sendTimingVerdict({ issuedAt, expiresAt, now, lastT: 30 * MIN, startedAgoMs: now - startedAt })).toBe('ok');
    // Started at the last moment of the life.
    expect(sendTimingVerdict({ issuedAt, expiresAt, now, lastT: 30 * MIN, startedAgoMs: now - expiresAt })).toBe('ok');
  });

  it('refuses one sent after the life that was started after it, says nothing of its start, or claims a log longer than since its start', () => {
    const now = issuedAt + 5 * 60 * MIN;
    expect(sendTimingVerdict({ issuedAt, expiresAt, now, lastT: 30 * MIN, startedAgoMs: now - (expiresAt + 10 * MIN) })).toBe('notStartedInLife');
    expect(sendTimingVerdict({ issuedAt, expiresAt, now, lastT: 30 * MIN })).toBe('notStartedInLife');
    // Ten minutes after the life, a start at its end cannot hold a 30-minute log.
    expect(sendTimingVerdict({ issuedAt, expiresAt, now: expiresAt + 10 * MIN, lastT: 30 * MIN, startedAgoMs: 10 * MIN })).toBe('notStartedInLife');
    expect(sendTimingVerdict({ issuedAt, expiresAt, now: expiresAt + 10 * MIN, lastT: 10 * MIN, startedAgoMs: 10 * MIN })).toBe('ok');
  });

  it('refuses anything sent more than a week after the life, however it was played', () => {
    const now = expiresAt + LATE_SEND_MS + 1;
    expect(sendTimingVerdict({ issuedAt, expiresAt, now, lastT: 30 * MIN, startedAgoMs: now - issuedAt - MIN })).toBe('tooLate');
    expect(sendTimingVerdict({ issuedAt, expiresAt, now: now - 1, lastT: 30 * MIN, startedAgoMs: now - issuedAt - MIN })).toBe('ok');
  });
});

describe('what the browser does with an attempt it could not send', () => {
  it("keeps and tries again after the network, a server down or busy, a rate limit, the day's cap or a replay over budget", () => {
    for (const failure of [
      { status: 0, code: 'network' },
      { status: 500, code: 'internal' },
      { status: 502, code: 'http' },
      { status: 503, code: 'busy' },
      { status: 429, code: 'too_many_requests' },
      { status: 429, code: 'attempt_daily_cap' },
      { status: 422, code: 'replay_over_budget' },
      { status: 408, code: 'http' },
    ]) {
      expect(isTransient(failure), failure.code).toBe(true);
      expect(afterFailure(failure, 1)).toEqual({ next: 'retry', inMs: RETRY_FIRST_MS });
    }
  });

  it('waits for the learner to sign in when their own sign-in was refused', () => {
    expect(afterFailure({ status: 401, code: 'unauthorized' }, 1)).toEqual({ next: 'signIn' });
  });

  it('stops on a refusal for good: an expired or forged launch, no plan, another log stored, a log refused, a case gone', () => {
    for (const failure of [
      { status: 401, code: 'invalid_token' },
      { status: 403, code: 'forbidden' },
      { status: 409, code: 'conflict' },
      { status: 400, code: 'invalid_body' },
      { status: 404, code: 'not_found' },
    ]) {
      expect(afterFailure(failure, 1), failure.code).toEqual({ next: 'refused' });
    }
  });

  it('doubles its wait after each failed try, up to ten minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([RETRY_FIRST_MS, 2 * RETRY_FIRST_MS, 4 * RETRY_FIRST_MS, 8 * RETRY_FIRST_MS]);
    expect(retryDelayMs(30)).toBe(RETRY_MAX_MS);
    expect(RETRY_MAX_MS).toBe(10 * MIN);
  });

  it('tries again once its wait is over, at once on a visit of the simulator or My learning, and never one refused for good', () => {
    const kept = { tries: 3, nextTryAt: 1000, refused: false };
    expect(dueForSending(kept, 999, false)).toBe(false);
    expect(dueForSending(kept, 1000, false)).toBe(true);
    expect(dueForSending(kept, 0, true)).toBe(true);
    expect(dueForSending({ ...kept, refused: true }, 5000, true)).toBe(false);
  });
});
