// The payment provider's webhook body, for the published document only: the route reads the raw bytes (the signature
// is over them exactly as sent) and parses them after the signature holds. Server-only at run time.
import { Type } from 'typebox';

/** The provider's signed event (JSON); its other fields depend on its `type`. */
export const ProviderEventBody = Type.Object(
  { id: Type.String(), type: Type.String() },
  { additionalProperties: true, description: "The provider's event as it signed it: JSON with an id and a type, whatever content type it is declared with." },
);
