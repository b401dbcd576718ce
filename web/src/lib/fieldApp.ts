import { FIELD_HOME, type UserInfo } from '@tidyhouse/contract';

/**
 * A user the server sends to the field app instead of the back office: `home` is '/field' for a
 * field-only role, a cleaner (issue 21). An office user who also holds `field:use` has no `home` and
 * keeps the back office (they open /field themselves to see what a crew sees).
 */
export function isFieldUser(userInfo: UserInfo | null | undefined): boolean {
  return userInfo?.home === FIELD_HOME;
}

/**
 * The field app is another page of the same server (its own entry and chunks), so it opens with a
 * full page load, not a route of this router; replace, so Back does not return to the back office.
 * An object, so tests can see the call (jsdom does not navigate).
 */
export const fieldApp = {
  open(): void {
    window.location.replace(FIELD_HOME);
  },
};
