import { Flex, Spin } from 'antd';

/** Shown while the first route resolves (the root route's HydrateFallback). */
export function PageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
