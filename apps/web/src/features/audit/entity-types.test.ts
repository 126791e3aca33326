import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as frenchMessages } from '@punchclock/shared/locales/fr-CA/messages';
import { entityTypeLabel, entityTypeOptions } from './entity-types';

describe('audit entity labels', () => {
  afterEach(() => {
    i18n.activate('en');
  });

  it('names each kind of record in English, keeping the key as the value', () => {
    expect(entityTypeOptions(['time_event', 'user', 'time_off_request'])).toEqual([
      { value: 'time_event', label: 'Punch' },
      { value: 'time_off_request', label: 'Time off request' },
      { value: 'user', label: 'User' },
    ]);
  });

  it('names them in French to a French reader', () => {
    i18n.loadAndActivate({ locale: 'fr-CA', messages: frenchMessages });
    expect(entityTypeLabel('time_event')).toBe('Pointage');
    expect(entityTypeLabel('time_off_request')).toBe('Demande de congé');
    expect(entityTypeLabel('sso_provider')).toBe("Fournisseur d'authentification unique");
  });

  it('shows a key it has no label for as stored, and never an inherited name', () => {
    expect(entityTypeLabel('shift_swap')).toBe('shift_swap');
    expect(entityTypeLabel('constructor')).toBe('constructor');
  });
});
