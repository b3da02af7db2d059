# Atajo para la persona de sistemas en Debian/Ubuntu (docs/guia-operacion.md, sección 1, paso 4):
#   servicio npm run -s respaldo
# ejecuta el comando en /opt/sitio-hospital, como el usuario del servicio y con las variables del servicio
# (/etc/sitio-hospital/entorno, que solo root puede leer: por eso root lo lee y luego cambia de usuario).
# Se carga desde ~/.bashrc con:  . /opt/sitio-hospital/despliegue/servicio.sh
servicio() {
	sudo sh -c 'set -a; . /etc/sitio-hospital/entorno; set +a; cd /opt/sitio-hospital && exec runuser -u sitio-hospital -- "$@"' servicio "$@"
}
