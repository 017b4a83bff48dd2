import { describe, expect, it } from 'vitest';
import { questionHint } from './action-states';

describe('questionHint', () => {
  it('names "发起沟通" only for a status that has communication records', () => {
    expect(questionHint('A104')).toBe('如有疑问，请通过“发起沟通”联系采购方。');
    for (const status of ['A141', 'A101', undefined]) expect(questionHint(status), String(status)).toBe('如有疑问，请联系采购方。');
  });
});
