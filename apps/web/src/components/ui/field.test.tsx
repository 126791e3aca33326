import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';

describe('Field', () => {
  it('names the control with its label', () => {
    render(
      <Field id="email" label="Email">
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('describes the control with its hint', () => {
    render(
      <Field id="password" label="Password" hint="At least 8 characters">
        <Input type="password" />
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-describedby')).toBe('password-hint');
    expect(document.getElementById('password-hint')?.textContent).toBe('At least 8 characters');
  });

  it('marks the control invalid and announces the error after the hint', () => {
    render(
      <Field id="name" label="Name" hint="As it appears on payslips" error="Name is required">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('name-hint name-error');
    expect(screen.getByRole('alert').textContent).toBe('Name is required');
    expect(screen.getByRole('alert').id).toBe('name-error');
  });

  it('keeps what the control itself says', () => {
    render(
      <Field id="team" label="Team">
        <select defaultValue="b" aria-describedby="elsewhere">
          <option value="a">A</option>
          <option value="b">B</option>
        </select>
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Team' }) as HTMLSelectElement;
    expect(select.value).toBe('b');
    expect(select.getAttribute('aria-describedby')).toBe('elsewhere');
  });
});
