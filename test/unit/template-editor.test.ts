import { describe, expect, it } from 'vitest';
import { NORMAL, dropTarget, reordered, selectedIds, selecting, templateHeadings, toggleSelected, withChanges } from '../../app/core/template-editor';
import type { TemplateMessage } from '../../app/core/templates';

const message = (id: string, rank: string, messageType: TemplateMessage['messageType'] = 'text', text = id): TemplateMessage => ({
  id,
  templateId: 't',
  rank,
  messageType,
  message: text,
  mediaId: null,
  created: 1,
  lastEdited: 1,
});

describe('the editor screen modes', () => {
  it('keep a selection only while selecting; normal has none', () => {
    let mode = selecting('move');
    mode = toggleSelected(toggleSelected(toggleSelected(mode, 'c'), 'a'), 'c');
    expect(selectedIds(mode, [{ id: 'a' }, { id: 'b' }, { id: 'c' }])).toEqual(['a']);
    expect(toggleSelected(NORMAL, 'a')).toBe(NORMAL);
    expect(selectedIds({ kind: 'editing', messageId: 'a' }, [{ id: 'a' }])).toEqual([]);
  });
});

describe('where a drop puts a message', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('does nothing on the same index', () => expect(dropTarget(ids, 'b', 'b')).toBeUndefined());
  it('moving up: before the message dropped on', () => expect(dropTarget(ids, 'd', 'b')).toBe('b'));
  it('moving down: before the one after it, or the end', () => {
    expect(dropTarget(ids, 'a', 'c')).toBe('d');
    expect(dropTarget(ids, 'a', 'd')).toBeNull();
  });
  it('reorders as the server will', () => {
    const list = ids.map((id) => ({ id }));
    expect(reordered(list, ['a', 'c'], 'd').map((m) => m.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(reordered(list, ['b'], null).map((m) => m.id)).toEqual(['a', 'c', 'd', 'b']);
    expect(reordered(list, ['b', 'c'], 'c').map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('the template shown', () => {
  it('takes changed messages in rank order and lists its headings', () => {
    const messages = [message('a', 'a0', 'heading', 'Start'), message('b', 'a1'), message('c', 'a2', 'heading3', 'Ende')];
    expect(withChanges(messages, [{ ...messages[0]!, rank: 'a3' }]).map((m) => m.id)).toEqual(['b', 'c', 'a']);
    expect(templateHeadings(messages)).toEqual([
      { id: 'a', seq: 1, level: 'heading', text: 'Start', deleted: false },
      { id: 'c', seq: 3, level: 'heading3', text: 'Ende', deleted: false },
    ]);
  });
});
