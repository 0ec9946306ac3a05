import type { Bindings } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: import('@cloudflare/vitest-plugin').D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import('../../worker/index');
    }
  }
}

declare module '*?inline' {
  const dataUrl: string;
  export default dataUrl;
}
