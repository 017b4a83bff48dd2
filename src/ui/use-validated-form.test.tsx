import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from '@contract/zod';
import { withI18n } from '@/test/render';
import { useValidatedForm } from './use-validated-form';

const schema = z.object({ username: z.string().min(1, 'required'), password: z.string().min(1, 'required') });

describe('useValidatedForm', () => {
  it('keeps both of two changes made before a re-render (one handler, or autofill filling two fields)', async () => {
    const { result } = renderHook(() => useValidatedForm(schema, { username: '', password: '' }), { wrapper: withI18n });
    act(() => {
      result.current.setValue('username', 'demo_a104');
      result.current.setValue('password', 'Demo1234');
    });
    expect(result.current.values).toEqual({ username: 'demo_a104', password: 'Demo1234' });
    // Checked against what was set, even when checked before the form has rendered it.
    let errors: Record<string, string> = {};
    await act(async () => {
      result.current.reset({ username: '', password: '' });
      result.current.setValue('username', 'x');
      errors = await result.current.validate();
    });
    expect(Object.keys(errors)).toEqual(['password']);
  });
});
