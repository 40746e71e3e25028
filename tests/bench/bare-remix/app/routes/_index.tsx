const PARAGRAPHS = Array.from(
  { length: 180 },
  (_, index) =>
    `Paragraph ${index + 1}: a plain page for measuring the framework alone, with enough text to weigh about as much as a real article would, and nothing else to slow it down.`,
)

export default function Index() {
  return (
    <main>
      <h1>Reference page</h1>
      {PARAGRAPHS.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </main>
  )
}
