import type { Call } from '@sciexperts/shared';

/** A test call: Olivia Owner's booked 15-minute call with Ada Lovelace (Berlin), changed by `over`. */
export const aCall = (over: Partial<Call> = {}): Call => ({
  id: 1,
  state: 'booked',
  role: 'client',
  expert: { id: 7, firstName: 'Ada', lastName: 'Lovelace' },
  client: { id: 9, firstName: 'Olivia', lastName: 'Owner' },
  startsAt: '2026-03-02T14:15:00.000Z',
  lengthMinutes: 15,
  expertTimeZone: 'Europe/Berlin',
  clientTimeZone: null,
  agenda: 'Power analysis',
  proposedTimes: [],
  reschedule: null,
  meetingUrl: 'https://meet.jit.si/SciExperts-room',
  cancelReason: null,
  cancelledByMe: null,
  noShowMarkedByMe: null,
  sequence: 0,
  past: false,
  ...over,
});
