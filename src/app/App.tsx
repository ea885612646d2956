import { BrowserRouter, Route, Routes } from 'react-router-dom';

function LoginPlaceholder() {
  return <main><h1>Binyan</h1></main>;
}

function NotFound() {
  return <main><h1>404</h1></main>;
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={<LoginPlaceholder />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
