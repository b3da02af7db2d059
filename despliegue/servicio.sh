# Atajo para la persona de sistemas en Debian/Ubuntu (docs/guia-operacion.md, sección 1, paso 4):
#   servicio npm run -s respaldo
# ejecuta el comando en /opt/sitio-hospital, como el usuario del servicio y con las variables del servicio
# (/etc/sitio-hospital/entorno, que solo root puede leer: por eso root lo lee y luego cambia de usuario), con la
# carpeta personal del usuario del servicio (su configuración y su caché de npm, no las de root).
# Se carga desde ~/.bashrc con:  . /opt/sitio-hospital/despliegue/servicio.sh
servicio() {
	sudo sh -c 'set -a; . /etc/sitio-hospital/entorno; set +a; cd /opt/sitio-hospital && exec runuser -u sitio-hospital -- env HOME="$(getent passwd sitio-hospital | cut -d: -f6)" "$@"' servicio "$@"
}

# Lo mismo, con además la cuenta dueña de PostgreSQL (DATABASE_URL_DUENIO, sección 12), para npm run actualizar y
# npm run -s bd:preparar: root la lee de /etc/sitio-hospital/duenio (sudo install -m 600 -o root), así la clave no
# aparece en la línea de comandos (ps, el registro de sudo, el historial). Nunca la ponga en el archivo del servicio.
servicio_duenio() {
	sudo sh -c 'set -a; . /etc/sitio-hospital/entorno; . /etc/sitio-hospital/duenio; set +a; cd /opt/sitio-hospital && exec runuser -u sitio-hospital -- env HOME="$(getent passwd sitio-hospital | cut -d: -f6)" "$@"' servicio "$@"
}
