// The Python the play page hands PyScript. The build compiles it ahead into the memory snapshot
// (py/sitegen/pyodide_snapshot.mjs), so a restored page need not parse it.
export const pythonMain = "from biocards.web import main\nawait main()";
