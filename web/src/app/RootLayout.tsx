import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';

type Progress = typeof import('./progress').default;

/**
 * The progress bar's code loads with the first navigation that shows it, so the first load of the
 * app (which shows the HydrateFallback, not the bar) does not download it. Starts and stops are
 * chained on the one load, so they keep their order.
 */
let progress: Promise<Progress> | null = null;
const loadProgress = () => {
  progress ??= import('./progress').then((module) => module.default);
  return progress;
};

/** The root route: a progress bar (no spinner) while the router loads the next route (spec §2). */
export function RootLayout() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state !== 'idle') void loadProgress().then((bar) => bar.start());
    else if (progress) void progress.then((bar) => bar.done());
  }, [navigation.state]);
  return <Outlet />;
}
