import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';

NProgress.configure({ showSpinner: false });

/** The root route: a progress bar (no spinner) while the router loads the next route (spec §2). */
export function RootLayout() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);
  return <Outlet />;
}
