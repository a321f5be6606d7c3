// npm run icons: renders public/icon.svg into the PNG icons and favicon.ico the
// app ships (public/), in Debian's Chromium. Run after changing the SVG.
import fs from "node:fs";
import { chromium } from "@playwright/test";

const SIZES = [16, 32, 48, 180, 192, 512] as const;
const svg = fs.readFileSync("public/icon.svg", "utf8");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
const page = await browser.newPage();
const png = new Map<number, Buffer>();
for (const size of SIZES) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`);
  png.set(size, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
}
await browser.close();

fs.writeFileSync("public/icon-192.png", png.get(192)!);
fs.writeFileSync("public/icon-512.png", png.get(512)!);
fs.writeFileSync("public/apple-touch-icon.png", png.get(180)!);
fs.writeFileSync("public/favicon.ico", ico([16, 32, 48].map((s) => ({ size: s, png: png.get(s)! }))));
console.log("public/: favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png");

/** An ICO file whose images are PNGs (every browser since 2007 reads them). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const dir = Buffer.alloc(6 + 16 * images.length);
  dir.writeUInt16LE(0, 0);
  dir.writeUInt16LE(1, 2); // type: icon
  dir.writeUInt16LE(images.length, 4);
  let offset = dir.length;
  images.forEach(({ size, png: data }, i) => {
    const e = 6 + 16 * i;
    dir.writeUInt8(size, e);
    dir.writeUInt8(size, e + 1);
    dir.writeUInt16LE(1, e + 4); // colour planes
    dir.writeUInt16LE(32, e + 6); // bits per pixel
    dir.writeUInt32LE(data.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([dir, ...images.map((i) => i.png)]);
}
