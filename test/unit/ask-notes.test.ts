import { describe, expect, it } from 'vitest';
import { holds, notesOf } from '../../suites/ask/notes.js';
import { exchange } from './scripted-business.js';

// How the ask suite tells one answer's notes from another's (suites/ask/notes.ts).

const answer = (json: unknown) => exchange({ operation: 'ask', service: 'ask', json });

describe('the notes of an answer', () => {
  it('are its messages, with the conversation ids sent and returned taken out of their content', () => {
    const x = answer({
      conversation: { id: 'conv-9' },
      messages: [
        { type: 'info', code: 'unknown_conversation', content: 'conversation old-1 is unknown; continuing as conv-9' },
        'not a message',
      ],
    });
    const [note, ...rest] = notesOf(x, 'old-1');
    expect(rest).toEqual([]);
    expect(note.message.code).toBe('unknown_conversation');
    expect(note.text).toBe('["info","unknown_conversation","conversation {id} is unknown; continuing as {id}"]');
    expect(note.kind).toBe('["info","unknown_conversation"]');
  });

  it('takes the longer id out first, when one holds the other', () => {
    const x = answer({ conversation: { id: 'c1-next' }, messages: [{ type: 'info', content: 'c1 became c1-next' }] });
    expect(notesOf(x, 'c1')[0].text).toBe('["info",null,"{id} became {id}"]');
    // Either order of the same ids reads alike.
    const y = answer({ conversation: { id: 'c1' }, messages: [{ type: 'info', content: 'c1 became c1-next' }] });
    expect(notesOf(y, 'c1-next')[0].text).toBe('["info",null,"{id} became {id}"]');
  });

  it('takes out no empty id, and reads content that is no string as JSON', () => {
    const x = answer({
      conversation: { id: '' },
      messages: [{ type: 'warning', content: 'ab' }, { type: 'warning', content: { text: 'ab' } }, { type: 'warning' }],
    });
    expect(notesOf(x, '').map((n) => n.text)).toEqual([
      '["warning",null,"ab"]',
      '["warning",null,"{\\"text\\":\\"ab\\"}"]',
      '["warning",null,"null"]',
    ]);
    expect(notesOf(answer({ messages: [{ type: 'info', content: 'about 12' }] }), undefined)[0].text).toBe(
      '["info",null,"about 12"]',
    );
  });

  it('are of one kind by type and code, whatever the wording; without a code, by their text', () => {
    const a = notesOf(answer({ messages: [{ type: 'info', code: 'x', content: 'one' }] }))[0];
    const b = notesOf(answer({ messages: [{ type: 'info', code: 'x', content: 'two' }] }))[0];
    const c = notesOf(answer({ messages: [{ type: 'info', content: 'one' }] }))[0];
    const d = notesOf(answer({ messages: [{ type: 'info', content: 'two' }] }))[0];
    expect(holds([a], b, 'kind')).toBe(true);
    expect(holds([a], b, 'text')).toBe(false);
    expect(holds([c], d, 'kind')).toBe(false);
    expect(holds([c, d], d, 'kind')).toBe(true);
    expect(holds([], a, 'kind')).toBe(false);
    // A code that is no string is no kind of its own.
    const e = notesOf(answer({ messages: [{ type: 'info', code: 7, content: 'one' }] }))[0];
    expect(e.kind).toBe(e.text);
  });
});
