import { describe, expect, it } from 'vitest';
import { autoplayDue, playOn, revoke, startApplied } from '../../app/core/applied-template';
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
