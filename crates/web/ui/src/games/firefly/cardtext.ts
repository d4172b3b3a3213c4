// Card texts in the catalog have one line per paragraph, nested by leading spaces (the terminal's
// layout without its wrapping). Here they become paragraphs a page lays out at its own width.

export interface Para {
  /** Nesting depth in the card's spaces (0 = the title line). */
  indent: number;
  text: string;
}

export function paragraphs(text: string): Para[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      const indent = l.length - l.trimStart().length;
      return { indent, text: l.trim() };
    });
}
