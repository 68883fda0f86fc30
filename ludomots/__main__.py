from ludomots.cli import run

run()
