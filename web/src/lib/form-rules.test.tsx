import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FORM_VALIDATION_MODE, fieldError, fieldMessages, fieldRule } from './form-rules';

afterEach(cleanup);

describe('fieldError', () => {
  const rule = { required: true, minLength: 3, maxLength: 5, pattern: /^[a-z]+$/ };
  it.each([
    ['', 'This field is required'],
    ['   ', 'This field is required'],
    ['ab', 'Must be at least 3 characters'],
    ['abcdef', 'Must be no more than 5 characters'],
    ['ab1', 'Invalid format'],
    ['abc', null],
  ])('%j → %s', (value, expected) => {
    expect(fieldError(value, rule)).toBe(expected);
  });

  it('lets an optional empty field pass and still checks it once filled', () => {
    expect(fieldError('', { minLength: 4 })).toBeNull();
    expect(fieldError('abc', { minLength: 4 })).toBe(fieldMessages.minLength(4));
  });

  it('reports one message through the zod schema', () => {
    const result = fieldRule({ required: true, minLength: 6 }).safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Must be at least 6 characters']);
  });
});

const schema = z.object({ name: fieldRule({ required: true, minLength: 4 }) });

function NameForm() {
  const {
    register,
    formState: { errors },
  } = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    mode: FORM_VALIDATION_MODE,
    defaultValues: { name: '' },
  });
  return (
    <form>
      <label htmlFor="name">Name</label>
      <input id="name" {...register('name')} />
      {errors.name ? <p data-testid="error">{errors.name.message}</p> : null}
    </form>
  );
}

async function settle() {
  // The resolver validates asynchronously; let its promise and React's update finish.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('validation timing (on blur, then on change)', () => {
  it('stays quiet while typing before the first blur', async () => {
    render(<NameForm />);
    const input = screen.getByLabelText('Name');
    fireEvent.change(input, { target: { value: 'ab' } });
    await settle();
    expect(screen.queryByTestId('error')).toBeNull();
  });

  it('shows the message on blur and updates it on every change afterwards', async () => {
    render(<NameForm />);
    const input = screen.getByLabelText('Name');
    fireEvent.change(input, { target: { value: 'ab' } });
    fireEvent.blur(input);
    await settle();
    expect(screen.getByTestId('error').textContent).toBe('Must be at least 4 characters');

    fireEvent.change(input, { target: { value: '' } });
    await settle();
    expect(screen.getByTestId('error').textContent).toBe('This field is required');

    fireEvent.change(input, { target: { value: 'abcd' } });
    await settle();
    expect(screen.queryByTestId('error')).toBeNull();
  });
});
