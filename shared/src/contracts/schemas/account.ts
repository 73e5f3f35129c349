import { Type } from 'typebox';
import { EMAIL_MAX_LENGTH, PASSWORD_FIELD_MAX_LENGTH, PERSON_NAME_MAX_LENGTH, PHONE_MAX_LENGTH, RESET_TOKEN_MAX_LENGTH } from '../limits';
import { User } from './entities';

const str = (maxLength: number) => Type.String({ maxLength });

export const LoginRequest = Type.Object({ email: str(EMAIL_MAX_LENGTH), password: str(PASSWORD_FIELD_MAX_LENGTH) }, { additionalProperties: false });
export const LoginResponse = Type.Object({ token: Type.String(), user: User });

export const SignupRequest = Type.Object(
  {
    email: str(EMAIL_MAX_LENGTH),
    firstName: str(PERSON_NAME_MAX_LENGTH),
    lastName: str(PERSON_NAME_MAX_LENGTH),
    phoneNumber: Type.String({ maxLength: PHONE_MAX_LENGTH, description: "Country code plus number, e.g. '+1 5551234567'." }),
    password: str(PASSWORD_FIELD_MAX_LENGTH),
  },
  { additionalProperties: false },
);
export const SignupResponse = Type.Object({ message: Type.String(), user: User });

export const LoginWithAuth0Response = Type.Object({ accessToken: Type.String(), user: User });

export const PasswordResetRequest = Type.Object({ email: str(EMAIL_MAX_LENGTH) }, { additionalProperties: false });
export const PasswordResetConfirm = Type.Object({ token: str(RESET_TOKEN_MAX_LENGTH), password: str(PASSWORD_FIELD_MAX_LENGTH) }, { additionalProperties: false });
