// Tailwind's config lives in app/ so the project's top level stays small.
module.exports = {
  plugins: {
    tailwindcss: { config: './app/tailwind.config.ts' },
  },
}
