import type { ApiError } from '@sciexperts/shared';

/** The server's sentence for one field of a 400, if it named that field. */
export const fieldMessage = (error: ApiError | null, field: string): string | null => error?.body?.details?.find((d) => d.field === field)?.message ?? null;
