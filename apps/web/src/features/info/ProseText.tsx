import type { ReactNode } from "react";

/**
 * Plain translated text as paragraphs: lines starting with "• " become list items, other lines
 * paragraphs. Never HTML: every line is rendered as text.
 */
export function ProseText({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (bullets.length === 0) return;
    const items = bullets;
    blocks.push(
      <ul key={`list-${blocks.length}`}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>,
    );
    bullets = [];
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("• ")) {
      bullets.push(line.slice(2));
      continue;
    }
    flush();
    if (line.trim()) blocks.push(<p key={`p-${blocks.length}`}>{line}</p>);
  }
  flush();
  return <>{blocks}</>;
}
