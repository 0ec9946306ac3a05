export type DemoPhoto = { display: Buffer; thumb: Buffer; width: number; height: number };
export function phonePhotoCached(seed: number): Promise<Buffer>;
export function demoPhotoPool(count?: number, onMade?: (done: number, count: number, drawn: boolean) => void): Promise<DemoPhoto[]>;
