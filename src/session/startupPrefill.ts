// A password that came in the start-up URL (`userinfo`, spec section 2) when the server refuses a
// password alone: it prefills the Login form from memory only, never from storage, and is forgotten
// once a sign-in completes or the user logs out.
let password: string | null = null;

export function rememberStartupPassword(value: string): void {
  password = value === '' ? null : value;
}

export function startupPassword(): string {
  return password ?? '';
}

export function forgetStartupPassword(): void {
  password = null;
}
