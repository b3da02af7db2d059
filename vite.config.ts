import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { UserConfig } from 'vite'

export default {
  // Tests and the staff workflow build from a copy of the content with MANIFEST_DIR / PUBLIC_DIR.
  publicDir: process.env.PUBLIC_DIR ?? 'public',
  plugins: [react(), vike()],
  // Hashed build output lives apart from public/assets, which belongs to records staff.
  build: { target: 'es2022', assetsDir: '_app', outDir: process.env.BUILD_OUT_DIR ?? 'dist' },
} satisfies UserConfig
