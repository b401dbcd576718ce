/**
 * Redirects raised outside React (the http client) go through the data router's navigate, which the
 * router registers; before that, a full page load does the job.
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function registerNavigator(next: Navigate): void {
  navigate = next;
}

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/quick/dashboard';
export const USER_CENTER_PATH = '/user/center';

export function goToLogin(): void {
  navigate(LOGIN_PATH);
}
