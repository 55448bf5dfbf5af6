import { describe, expect, it } from 'vitest';
import { initialSocialState, snippetParts, socialReducer } from '../../app/core/social';
import type { ChatMessage } from '../../app/core/protocol';

const message = (id: string, text: string): ChatMessage => ({
  id,
  seq: 1,
  tempId: null,
  sender: 's',
  senderType: 'manager',
  senderName: 'Anna',
  messageType: 'text',
  message: text,
  replyingTo: null,
  timestamp: 0,
  editedAt: null,
  deleted: false,
  forwarded: false,
});

describe('the page view of reactions and the pin', () => {
  it("a count without `mine` keeps the reader's own; applying a frame twice changes nothing; zero removes", () => {
    let state = socialReducer(initialSocialState, { type: 'reaction', messageId: 'm', emoji: '👍', count: 1, mine: true } as never);
    state = socialReducer(state, { type: 'reaction', messageId: 'm', emoji: '👍', count: 2 } as never);
    const twice = socialReducer(state, { type: 'reaction', messageId: 'm', emoji: '👍', count: 2 } as never);
    expect(twice).toEqual(state);
    expect(state.reactions.m).toEqual({ '👍': { count: 2, mine: true } });
    state = socialReducer(state, { type: 'reaction', messageId: 'm', emoji: '👍', count: 0, mine: false } as never);
    expect(state.reactions).toEqual({});
  });

  it('every reaction after a welcome replaces what the page had; an edit of the pinned message shows', () => {
    let state = socialReducer(initialSocialState, { type: 'reaction', messageId: 'old', emoji: '😂', count: 1 } as never);
    state = socialReducer(state, { type: 'reactions', reactions: [{ messageId: 'm', emoji: '👏', count: 3, who: ['a', 'b', 'c'], mine: false }] } as never);
    expect(state.reactions).toEqual({ m: { '👏': { count: 3, mine: false, who: ['a', 'b', 'c'] } } });
    state = socialReducer(state, { type: 'pinned', message: message('p', 'alt') } as never);
    state = socialReducer(state, { type: 'updatedMessage', seq: 2, message: message('p', 'neu') } as never);
    expect(state.pinned?.message).toBe('neu');
    expect(socialReducer(state, { type: 'updatedMessage', seq: 3, message: message('x', 'anders') } as never)).toBe(state);
  });
});

describe('search snippets', () => {
  it('become parts, marked where the index marked them; a mark left open ends with the text', () => {
    expect(snippetParts('…die \uE000Lavendel\uE001-Creme')).toEqual([
      { text: '…die ', mark: false },
      { text: 'Lavendel', mark: true },
      { text: '-Creme', mark: false },
    ]);
    expect(snippetParts('<b>\uE000x')).toEqual([
      { text: '<b>', mark: false },
      { text: 'x', mark: true },
    ]);
  });
});
