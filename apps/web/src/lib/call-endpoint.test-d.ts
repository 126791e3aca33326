/*
 * Compile-time proof that the typed client follows the catalogue's contracts: `tsc -p apps/web`
 * checks this file (vitest does not run it), and every `@ts-expect-error` below fails the
 * typecheck the day the mistake under it stops being an error. Nothing here is ever called.
 */
import { callEndpoint, endpointPath, type PathParamNames } from './call-endpoint';

const eventId = '00000000-0000-4000-8000-000000000000';

export async function aPunchIsTypedByItsContract() {
  const answer = await callEndpoint('POST /api/time-events', {
    body: { id: eventId, eventType: 'clock_in' },
  });
  const isReplay: boolean = answer.isReplay;
  const warning: string | null = answer.warning;

  // @ts-expect-error: the answer has no such field
  void answer.replayed;
  // @ts-expect-error: `warning` may be null, so it is not a string
  const warningText: string = answer.warning;

  // @ts-expect-error: a body field the contract does not have (`type` is `eventType`)
  await callEndpoint('POST /api/time-events', { body: { id: eventId, type: 'clock_in' } });
  // @ts-expect-error: an event type the contract does not list
  await callEndpoint('POST /api/time-events', { body: { id: eventId, eventType: 'nap' } });
  // @ts-expect-error: the endpoint reads a body, so it is required
  await callEndpoint('POST /api/time-events');
  return { isReplay, warning, warningText };
}

export async function pathParametersAreRequiredAndNamed() {
  await callEndpoint('DELETE /api/schedule-assignments/:id', { params: { id: eventId } });
  // @ts-expect-error: the `:id` path parameter is missing
  await callEndpoint('DELETE /api/schedule-assignments/:id');
  // @ts-expect-error: the parameter is `id`, not `assignmentId`
  await callEndpoint('DELETE /api/schedule-assignments/:id', { params: { assignmentId: eventId } });
  // @ts-expect-error: a path without parameters takes none
  await callEndpoint('GET /api/time-events/today', { params: { id: eventId } });
}

export async function bodiesAreForbiddenWhereTheContractHasNone() {
  const nothing: void = await callEndpoint('DELETE /api/schedule-assignments/:id', {
    params: { id: eventId },
  });
  // @ts-expect-error: DELETE reads no body
  await callEndpoint('DELETE /api/schedule-assignments/:id', { params: { id: eventId }, body: {} });
  return nothing;
}

export async function onlyCatalogueKeysExist() {
  // @ts-expect-error: no such endpoint in the catalogue
  await callEndpoint('GET /api/time-event/today');
  // @ts-expect-error: the method is part of the key
  await callEndpoint('PATCH /api/time-events/today');
}

export async function queriesAreTypedByTheirContract() {
  await callEndpoint('GET /api/time-events/history', { query: { from: '2026-01-01' } });
  // @ts-expect-error: the history reads no `person` parameter
  await callEndpoint('GET /api/time-events/history', { query: { person: 'x' } });
  // @ts-expect-error: an endpoint without a query contract takes no query
  endpointPath('GET /api/time-events/today', { query: { from: '2026-01-01' } });
}

// The `:name` segments of a path, as a type.
export const parameterNames: PathParamNames<'/api/a/:id/b/:action'>[] = ['id', 'action'];
// @ts-expect-error: not a parameter of that path
export const notAParameter: PathParamNames<'/api/a/:id/b/:action'> = 'b';
