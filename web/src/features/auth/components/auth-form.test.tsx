import { authMessages } from '@helixis/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthForm } from './auth-form';

afterEach(cleanup);

function submitButton(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

describe('AuthForm', () => {
  it('keeps Sign In disabled until both email and password are filled', () => {
    render(<AuthForm mode="signin" onSubmit={vi.fn()} />);
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(submitButton('Sign In').disabled).toBe(true);

    fireEvent.change(email, { target: { value: 'manager@oakridge.co' } });
    expect(submitButton('Sign In').disabled).toBe(true);

    fireEvent.change(password, { target: { value: 'secret12' } });
    expect(submitButton('Sign In').disabled).toBe(false);

    fireEvent.change(email, { target: { value: '' } });
    expect(submitButton('Sign In').disabled).toBe(true);
  });

  it('disables the submit button while the request is in flight', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<AuthForm mode="signin" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' manager@oakridge.co ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret12' } });

    await act(async () => {
      fireEvent.click(submitButton('Sign In'));
    });
    expect(onSubmit).toHaveBeenCalledWith({ email: 'manager@oakridge.co', password: 'secret12' });
    expect(submitButton('Signing in...').disabled).toBe(true);

    await act(async () => finish());
    expect(submitButton('Sign In').disabled).toBe(false);
  });

  it('is disabled while the page reports it is busy', () => {
    render(<AuthForm mode="signin" onSubmit={vi.fn()} busy />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'manager@oakridge.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    expect(submitButton('Signing in...').disabled).toBe(true);
  });

  it('shows the sign-up placeholder and the soft hint only under 8 characters', () => {
    render(<AuthForm mode="signup" onSubmit={vi.fn()} />);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.placeholder).toBe(authMessages.passwordPlaceholderSignUp);
    expect(password.placeholder).toMatch(/min\. 6 characters/);

    fireEvent.change(password, { target: { value: 'abc1234' } });
    expect(screen.queryByText('Recommended: Use at least 8 characters')).not.toBeNull();

    fireEvent.change(password, { target: { value: 'abc12345' } });
    expect(screen.queryByText('Recommended: Use at least 8 characters')).toBeNull();
  });

  it('shows the error from the last attempt inline as an alert', () => {
    render(<AuthForm mode="signin" onSubmit={vi.fn()} errorMessage="Email or password is incorrect." />);
    expect(screen.getByRole('alert').textContent).toContain('Email or password is incorrect.');
  });
});
