/** `preview`: the locked preview as a `data:` URI (16 px, WebP). */
export type DemoPhoto = { display: Buffer; thumb: Buffer; width: number; height: number; preview: string };
export function phonePhotoCached(seed: number): Promise<Buffer>;
export function demoPhotoPool(count?: number, onMade?: (done: number, count: number, drawn: boolean) => void): Promise<DemoPhoto[]>;
