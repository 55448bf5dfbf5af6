import { describe, expect, it } from 'vitest';
import { isShortId, partyIdFromInput } from '../../app/core/party';

describe('partyIdFromInput: the party a visitor typed or pasted on the landing page', () => {
  it.each([
    ['DemoWellness1', 'DemoWellness1'],
    ['  DemoWellness1 \n', 'DemoWellness1'],
    ['https://salon.example/DemoWellness1', 'DemoWellness1'],
    ['http://localhost:8787/DemoWellness1/', 'DemoWellness1'],
    ['salon.example/DemoWellness1?utm=whatsapp#chat', 'DemoWellness1'],
    ['www.salon.example/aB3dE6', 'aB3dE6'],
  ])('%j names the party %s', (input, id) => {
    expect(partyIdFromInput(input)).toBe(id);
  });

  it.each([
    '',
    '   ',
    'abc',
    'Demo Wellness',
    'Demo-Wellness1',
    'x'.repeat(33),
    'https://salon.example/',
    'https://salon.example/p/AnnaBecker12',
    'https://salon.example/DemoWellness1/extra',
    'javascript:alert(1)//DemoWellness1',
    'ftp://salon.example/DemoWellness1',
    'data:text/html,DemoWellness1',
    `https://salon.example/${'a'.repeat(400)}`,
    '<script>alert(1)</script>',
    'https://salon.example/%3Cscript%3E',
  ])('%j names no party', (input) => {
    expect(partyIdFromInput(input)).toBeNull();
  });

  it('uses the short-id rule of the party and profile pages', () => {
    expect(isShortId('AnnaBecker12')).toBe(true);
    expect(isShortId('ab12')).toBe(false);
    expect(isShortId('Anna_Becker')).toBe(false);
  });
});
