// Builds src/main.ts into ../searx/static/client/ with fixed file names (no content hashes)
// so the committed build is reproducible and CI can rebuild and `git diff --exit-code` it.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const outDir = fileURLToPath(new URL("../searx/static/client", import.meta.url));

export default defineConfig({
  base: "/static/client/",
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    cssCodeSplit: false,
    // No preload helper: the lazy chunks (the summary box, the map, infinite scroll) depend on main.js only.
    modulePreload: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: { main: fileURLToPath(new URL("src/main.ts", import.meta.url)) },
      output: {
        entryFileNames: "[name].js",
        chunkFileNames: "[name].js",
        // Leaflet's styles stay a file of their own, loaded by the map chunk on the first "Show map"
        assetFileNames: (asset) =>
          asset.names.includes("leaflet.css")
            ? "leaflet.css"
            : asset.names.some((n) => n.endsWith(".css"))
              ? "main.css"
              : "[name][extname]",
      },
    },
  },
  test: {
    environment: "jsdom",
    include: ["test/**/*.test.ts"],
  },
});
