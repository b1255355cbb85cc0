from cabecao_cli import main

main()
