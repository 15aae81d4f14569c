export const meta = () => [
  { title: "Baseline" },
  { name: "description", content: "A bare React Router page for the load benchmark." },
];

export default function Home() {
  return (
    <main>
      <h1>Baseline</h1>
      <p>A bare server-rendered React Router page: no data, no styles, no database.</p>
    </main>
  );
}
