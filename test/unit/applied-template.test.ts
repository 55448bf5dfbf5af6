import { describe, expect, it } from 'vitest';
import { SCHEDULE_MAX_AHEAD_MS, autoplayDue, pause, playOn, rescheduled, revoke, scheduleProblem, startApplied } from '../../app/core/applied-template';
import type { TemplateMessage } from '../../app/core/templates';

const message = (n: number): TemplateMessage => ({
  id: `m${n}`,
  templateId: 't',
  rank: `a${n}`,
  messageType: 'text',
  message: `Nachricht ${n}`,
  mediaId: null,
  created: 0,
  lastEdited: 0,
});
let ids = 0;
const started = () => startApplied({ id: 't', title: 'Ablauf', messages: [message(1), message(2)] }, () => `id-${++ids}`)!;

describe('a template taken back by its owner', () => {
  it('stops its autoplay and says so; nothing of it is ever due again', () => {
    const playing = playOn(started(), 5000, 1000);
    expect(autoplayDue(playing)).toBe(6000);
    const taken = revoke(playing);
    expect(taken).toMatchObject({ revoked: true, autoplay: null, position: playing.position, messages: playing.messages });
    expect(autoplayDue(taken)).toBeNull();
    // Even a state that still held a running autoplay (written before the rule) is never due.
    expect(autoplayDue({ ...playing, revoked: true })).toBeNull();
  });
});

describe('a scheduled start', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const state = started();

  it('must lie ahead, within 90 days, and before the party ends', () => {
    expect(scheduleProblem(now, now, null)).toBe('startInPast');
    expect(scheduleProblem(now - 1, now, null)).toBe('startInPast');
    expect(scheduleProblem(now + 1, now, null)).toBeNull();
    expect(scheduleProblem(now + SCHEDULE_MAX_AHEAD_MS, now, null)).toBeNull();
    expect(scheduleProblem(now + SCHEDULE_MAX_AHEAD_MS + 1, now, null)).toBe('startTooFar');
    expect(scheduleProblem(now + 60_000, now, now + 60_000)).toBe('startAfterExpiry');
    expect(scheduleProblem(now + 60_000, now, now + 60_001)).toBeNull();
  });

  it('is when the first message is due; a sent message or a pause ends it', () => {
    const scheduled = playOn(state, 20_000, now, now + 3_600_000);
    expect(scheduled.autoplay).toMatchObject({ nextAt: now + 3_600_000, startAt: now + 3_600_000, paused: false });
    expect(autoplayDue(scheduled)).toBe(now + 3_600_000);
    expect(rescheduled(scheduled, now + 3_600_000)!.autoplay).toMatchObject({ nextAt: now + 3_620_000, startAt: null });
    expect(pause(scheduled).autoplay).toMatchObject({ nextAt: null, startAt: null, paused: true });
    expect(playOn(state, 20_000, now).autoplay).toMatchObject({ nextAt: now + 20_000, startAt: null });
  });
});
