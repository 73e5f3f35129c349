import type { Generated } from 'kysely';

// The tables of scheduled calls (migration 0034), kept beside schema.ts so the calls work touches one line there.

export interface CallAvailabilityTable {
  userId: number;
  timeZone: string;
  /** JSON [{ weekday, start, end }] */
  weeklyHours: string;
  /** JSON [15, 30, 60] */
  lengths: string;
  minNoticeMinutes: number;
  bufferMinutes: number;
  /** JSON ['YYYY-MM-DD'] */
  awayDates: string;
  updatedAt: string;
}

export interface CallsTable {
  id: Generated<number>;
  expertId: number;
  clientId: number;
  /** 'proposed' | 'booked' | 'cancelled' | 'no-show' */
  state: string;
  startsAt: string | null;
  lengthMinutes: number;
  agenda: string;
  /** JSON [ISO instants] */
  proposedTimes: string;
  rescheduleStartsAt: string | null;
  /** JSON [ISO instants]: the one to three times a pending reschedule offers (migration 0051); the first is rescheduleStartsAt. */
  rescheduleTimes: Generated<string>;
  rescheduleById: number | null;
  /** The client's IANA zone sent when they booked or accepted (migration 0051), for their invitations. */
  clientTimeZone: string | null;
  uid: string;
  sequence: number;
  room: string;
  cancelReason: string | null;
  cancelledById: number | null;
  noShowById: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface CallSlotClaimsTable {
  expertId: number;
  block: string;
  callId: number;
}

export interface CalendarFeedsTable {
  userId: number;
  tokenHash: string;
  createdAt: string;
}

export interface MemberBlocksTable {
  blockerId: number;
  blockedId: number;
  createdAt: string;
}

export interface CallTables {
  callAvailability: CallAvailabilityTable;
  calls: CallsTable;
  callSlotClaims: CallSlotClaimsTable;
  calendarFeeds: CalendarFeedsTable;
  memberBlocks: MemberBlocksTable;
}
