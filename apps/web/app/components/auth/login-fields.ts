import { LoginBody } from '@shop/contract';

/** The log-in form's fields as the contract checks them ('Remember Me' is a checkbox beside them). */
export const LoginFields = LoginBody.pick({ email: true, password: true });
